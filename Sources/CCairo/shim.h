#ifndef TOUCHLAB_CCAIRO_SHIM_H
#define TOUCHLAB_CCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>
#include <errno.h>
#include <sys/mman.h>

// PANGO_SCALE is a macro of an expression Swift can import, but keep one
// spelling for layout units so callers never hard-code 1024.
static inline int touchlab_pango_scale(void) { return PANGO_SCALE; }

// Pango objects are GObjects; g_object_unref takes gpointer, which Swift sees
// as an untyped raw pointer, so give each kind a typed release.
static inline void touchlab_release_layout(PangoLayout *layout) {
  g_object_unref(layout);
}

static inline void touchlab_release_font_map(PangoFontMap *map) {
  g_object_unref(map);
}

static inline void touchlab_release_context(PangoContext *context) {
  g_object_unref(context);
}

// Maps `size` bytes at `address` in, writable, without writing them (MADV_POPULATE_WRITE,
// Linux 5.14; defined here for older headers): the page faults a first drawing would take,
// taken at once. Returns 0, or the errno of a refusal (EINVAL on an older kernel).
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
static inline int touchlab_populate_for_writing(void *address, size_t size) {
  return madvise(address, size, MADV_POPULATE_WRITE) == 0 ? 0 : errno;
}

#endif
