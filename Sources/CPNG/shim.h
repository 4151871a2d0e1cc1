#ifndef TOUCHLAB_CPNG_SHIM_H
#define TOUCHLAB_CPNG_SHIM_H

// libpng (Debian libpng-dev, pkg-config libpng16): `shot`'s PNG files, with the compression
// settings chosen for speed. libpng reports errors by longjmp, which Swift cannot catch, so
// the whole write is one C call that sets the jump point and returns 0 or -1.
#include <png.h>
#include <setjmp.h>
#include <stddef.h>

typedef int (*touchlab_png_sink)(void *closure, const unsigned char *bytes, size_t length);

struct touchlab_png_output {
  touchlab_png_sink sink;
  void *closure;
  int failed;
};

static void touchlab_png_write(png_structp png, png_bytep data, png_size_t length) {
  struct touchlab_png_output *output = (struct touchlab_png_output *)png_get_io_ptr(png);
  if (output->failed || output->sink(output->closure, data, length) != 0) {
    output->failed = 1;
    png_error(png, "the output refused the bytes");
  }
}

static void touchlab_png_flush(png_structp png) { (void)png; }

/// Writes 8-bit rows (`channels` 3: RGB, 4: RGBA; 0: B, G, R and an unused byte, written as
/// RGB — an opaque Cairo image's own memory on a little-endian machine) `stride` bytes apart
/// as a PNG, with one
/// zlib `level` (0–9), `strategy` (Z_DEFAULT_STRATEGY, Z_RLE…) and `filters` (PNG_FILTER_*).
/// Returns 0, or -1 when libpng failed.
static inline int touchlab_png_encode(
    const unsigned char *pixels, int width, int height, size_t stride, int channels, int level, int strategy,
    int filters, touchlab_png_sink sink, void *closure) {
  struct touchlab_png_output output = {sink, closure, 0};
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  if (!png) return -1;
  png_infop info = png_create_info_struct(png);
  if (!info) {
    png_destroy_write_struct(&png, NULL);
    return -1;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return -1;
  }
  png_set_write_fn(png, &output, touchlab_png_write, touchlab_png_flush);
  png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
               channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_compression_level(png, level);
  png_set_compression_strategy(png, strategy);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
  png_write_info(png, info);
  // After png_write_info: libpng checks the filler against the colour type it has written.
  if (channels == 0) {
    png_set_bgr(png);
    png_set_filler(png, 0, PNG_FILLER_AFTER);
  }
  for (int y = 0; y < height; y++) {
    png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
  }
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  return 0;
}

static inline int touchlab_png_filter_sub(void) { return PNG_FILTER_SUB; }
static inline int touchlab_png_filter_up(void) { return PNG_FILTER_UP; }
static inline int touchlab_png_filter_paeth(void) { return PNG_FILTER_PAETH; }
static inline int touchlab_png_filter_none(void) { return PNG_FILTER_NONE; }
static inline int touchlab_png_all_filters(void) { return PNG_ALL_FILTERS; }

#endif
