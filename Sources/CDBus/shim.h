#ifndef TOUCHLAB_CDBUS_SHIM_H
#define TOUCHLAB_CDBUS_SHIM_H

// libdbus, for RealtimeKit (org.freedesktop.RealtimeKit1): real time for a desktop user's
// thread where SCHED_FIFO is refused (docs/PERFORMANCE.md).
#include <dbus/dbus.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <errno.h>
#include <stdint.h>

// The type codes are cast macros Swift cannot import.
static inline int touchlab_dbus_type_string(void) { return DBUS_TYPE_STRING; }
static inline int touchlab_dbus_type_uint32(void) { return DBUS_TYPE_UINT32; }
static inline int touchlab_dbus_type_uint64(void) { return DBUS_TYPE_UINT64; }
static inline int touchlab_dbus_type_int32(void) { return DBUS_TYPE_INT32; }
static inline int touchlab_dbus_type_int64(void) { return DBUS_TYPE_INT64; }
static inline int touchlab_dbus_type_variant(void) { return DBUS_TYPE_VARIANT; }

// The calling thread's kernel id (RealtimeKit names threads by it).
static inline uint64_t touchlab_thread_id(void) { return (uint64_t)syscall(SYS_gettid); }

// Sets RLIMIT_RTTIME (soft and hard) to `microseconds`, as RealtimeKit requires before it
// grants real time; 0 or the errno.
static inline int touchlab_set_rttime_limit(uint64_t microseconds) {
  struct rlimit limit;
  limit.rlim_cur = (rlim_t)microseconds;
  limit.rlim_max = (rlim_t)microseconds;
  return setrlimit(RLIMIT_RTTIME, &limit) == 0 ? 0 : errno;
}

#endif
