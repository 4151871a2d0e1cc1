#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xdamage.h>

// Xlib's image macros, which Swift cannot import.
static inline void bench_destroy_image(XImage *image) { XDestroyImage(image); }
static inline unsigned long bench_get_pixel(XImage *image, int x, int y) { return XGetPixel(image, x, y); }
