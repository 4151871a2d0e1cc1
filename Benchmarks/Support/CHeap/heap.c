#include "heap.h"
#if defined(__linux__)
#include <malloc.h>  // also brings in features.h, which defines __GLIBC__
#endif

size_t bench_heap_in_use(void) {
#if defined(__GLIBC__)
  return mallinfo2().uordblks;
#else
  return 0;
#endif
}
