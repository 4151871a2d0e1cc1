#ifndef TOUCHLAB_CGIF_SHIM_H
#define TOUCHLAB_CGIF_SHIM_H

// giflib (Debian libgif-dev, pkg-config libgif): the GIF encoder behind `touchlab record`.
#include <gif_lib.h>

#endif
