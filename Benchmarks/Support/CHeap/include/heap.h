#include <stddef.h>

/// Bytes malloc has handed out and not had back (glibc's mallinfo2().uordblks); 0 elsewhere.
size_t bench_heap_in_use(void);
