#ifndef TOUCHLAB_CX11_SHIM_H
#define TOUCHLAB_CX11_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/keysym.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <poll.h>
#include <signal.h>
#include <time.h>

// ppoll() is a GNU extension that the Glibc module declares only with _GNU_SOURCE; glibc
// has it in every version Swift supports. It sleeps to the nanosecond, poll() to the ms.
int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *timeout, const sigset_t *sigmask);

static inline int touchlab_ppoll(struct pollfd *fds, nfds_t count, const struct timespec *timeout) {
  return ppoll(fds, count, timeout, NULL);
}

// XInput2's mask helpers are function-like macros, which Swift cannot import.
static inline void touchlab_xi_set_mask(unsigned char *mask, int event) {
  XISetMask(mask, event);
}

static inline void touchlab_xi_clear_mask(unsigned char *mask, int event) {
  XIClearMask(mask, event);
}

static inline int touchlab_xi_mask_is_set(const unsigned char *mask, int event) {
  return XIMaskIsSet(mask, event) != 0;
}

static inline int touchlab_xi_mask_len(int event) { return XIMaskLen(event); }

// Xlib's accessor macros that read the opaque Display.
static inline int touchlab_connection_number(Display *display) {
  return ConnectionNumber(display);
}

static inline int touchlab_default_screen(Display *display) {
  return DefaultScreen(display);
}

static inline Window touchlab_root_window(Display *display, int screen) {
  return RootWindow(display, screen);
}

static inline int touchlab_display_width(Display *display, int screen) {
  return DisplayWidth(display, screen);
}

static inline int touchlab_display_height(Display *display, int screen) {
  return DisplayHeight(display, screen);
}

static inline int touchlab_default_depth(Display *display, int screen) {
  return DefaultDepth(display, screen);
}

static inline Visual *touchlab_default_visual(Display *display, int screen) {
  return DefaultVisual(display, screen);
}

static inline unsigned long touchlab_black_pixel(Display *display, int screen) {
  return BlackPixel(display, screen);
}

// XDestroyImage is a macro calling through the image's function table.
static inline void touchlab_destroy_image(XImage *image) { XDestroyImage(image); }

// IPC_PRIVATE is a cast macro Swift cannot import.
static inline int touchlab_shm_create(size_t size) {
  return shmget(IPC_PRIVATE, size, IPC_CREAT | 0600);
}

// shmat's failure value is (void *)-1.
static inline void *touchlab_shm_attach(int id) {
  void *address = shmat(id, NULL, 0);
  return address == (void *)-1 ? NULL : address;
}

static inline unsigned long touchlab_get_pixel(XImage *image, int x, int y) {
  return XGetPixel(image, x, y);
}

#endif
