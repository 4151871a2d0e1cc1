#ifndef TOUCHLAB_CCAIRO_SHIM_H
#define TOUCHLAB_CCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>
#include <fontconfig/fontconfig.h>

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

#endif
