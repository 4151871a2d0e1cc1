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
 * It is also the floor for a drag (`LABEL.drag.floor.*`): while the first button is held, each
 * pointer motion is answered at once with the least a window that follows a finger can draw
 * — the marker's square moved (the old one covered, the new one filled) and flushed — so the
 * harness times motion → pixels on the window for a bare client under the same load, as it
 * does for TouchLab.
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
  XSelectInput(display, window,
               ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask | Button1MotionMask);
  XMapWindow(display, window);
  cairo_surface_t *surface =
      cairo_xlib_surface_create(display, window, DefaultVisual(display, screen), (int)width, (int)height);
  cairo_t *cr = cairo_create(surface);
  /* The marker's square, 44 points at TouchLab's scale 1 (844 points high), where last drawn. */
  double side = 44.0 * (double)height / 844.0, lastX = -1, lastY = -1;
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
    } else if (event.type == MotionNotify || event.type == ButtonPress) {
      if (event.type == ButtonPress && event.xbutton.button != 1) continue;
      double x = event.type == MotionNotify ? event.xmotion.x : event.xbutton.x;
      double y = event.type == MotionNotify ? event.xmotion.y : event.xbutton.y;
      if (lastX >= 0) {
        cairo_set_source_rgb(cr, 0.95, 0.95, 0.97);
        cairo_rectangle(cr, lastX - side / 2, lastY - side / 2, side, side);
        cairo_fill(cr);
      }
      cairo_set_source_rgb(cr, 0.2, 0.4, 0.9);
      cairo_rectangle(cr, x - side / 2, y - side / 2, side, side);
      cairo_fill(cr);
      cairo_surface_flush(surface);
      XFlush(display);
      lastX = x;
      lastY = y;
    } else if (event.type == ClientMessage && (Atom)event.xclient.data.l[0] == deleteWindow) {
      break;
    }
  }
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  XCloseDisplay(display);
  return 0;
}
