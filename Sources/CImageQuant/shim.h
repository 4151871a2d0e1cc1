#ifndef TOUCHLAB_CIMAGEQUANT_SHIM_H
#define TOUCHLAB_CIMAGEQUANT_SHIM_H

// libimagequant (Debian libimagequant-dev, pkg-config imagequant): 256-colour palettes
// for the frames of `touchlab record`.
#include <libimagequant.h>

#endif
