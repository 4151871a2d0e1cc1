/*
 * The floor for a window's start-up (issue 49): a bare Xlib + Cairo program that opens a
 * window of the size given and puts one frame with text on it, then waits to be ended.
 * `touchlab-live --floor PATH` starts it the way it starts `touchlab open`, with the width
 * and height of TouchLab's window, and times it from the process's start to its first
 * frame's pixels on the window: `LABEL.startup.floor`, and TouchLab's start-up over it,
 * `LABEL.startup.floor-ratio`.
 *
 *   touchlab-floor WIDTH HEIGHT
 *
 * Built by Benchmarks/run (cc, pkg-config x11 cairo). Its title starts with "TouchLab" so
 * that the harness finds it as it finds TouchLab's window; its background is not black, as
 * TouchLab's first frame is not, which is what the harness looks for.
 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <cairo/cairo-xlib.h>
#include <cairo/cairo.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: touchlab-floor WIDTH HEIGHT\n");
    return 2;
  }
  char *end1, *end2;
  long width = strtol(argv[1], &end1, 10), height = strtol(argv[2], &end2, 10);
  if (*end1 || *end2 || width < 1 || height < 1 || width > 16384 || height > 16384) {
    fprintf(stderr, "touchlab-floor: error: a width and a height from 1 to 16384 pixels\n");
    return 2;
  }
  Display *display = XOpenDisplay(NULL);
  if (!display) {
    fprintf(stderr, "touchlab-floor: error: cannot open the display\n");
    return 1;
  }
  int screen = DefaultScreen(display);
  Window window = XCreateSimpleWindow(display, RootWindow(display, screen), 0, 0, (unsigned)width,
                                      (unsigned)height, 0, 0, BlackPixel(display, screen));
  XStoreName(display, window, "TouchLab floor");
  Atom deleteWindow = XInternAtom(display, "WM_DELETE_WINDOW", False);
  XSetWMProtocols(display, window, &deleteWindow, 1);
  XSelectInput(display, window, ExposureMask | StructureNotifyMask);
  XMapWindow(display, window);
  cairo_surface_t *surface =
      cairo_xlib_surface_create(display, window, DefaultVisual(display, screen), (int)width, (int)height);
  cairo_t *cr = cairo_create(surface);
  for (;;) {
    XEvent event;
    XNextEvent(display, &event);
    if (event.type == Expose && event.xexpose.count == 0) {
      /* One frame: a light background and a line of text. */
      cairo_set_source_rgb(cr, 0.95, 0.95, 0.97);
      cairo_paint(cr);
      cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
      cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
      cairo_set_font_size(cr, 14.0 * (double)height / 844.0 + 6.0);
      cairo_move_to(cr, 20, 40);
      cairo_show_text(cr, "TouchLab floor: one frame with text");
      cairo_surface_flush(surface);
      XFlush(display);
    } else if (event.type == ClientMessage && (Atom)event.xclient.data.l[0] == deleteWindow) {
      break;
    }
  }
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  XCloseDisplay(display);
  return 0;
}
