#include "heap.h"
#if defined(__GLIBC__)
#include <malloc.h>
#endif

size_t bench_heap_in_use(void) {
#if defined(__GLIBC__)
  return mallinfo2().uordblks;
#else
  return 0;
#endif
}
