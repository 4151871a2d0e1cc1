#ifndef TOUCHLAB_CX11_SHIM_H
#define TOUCHLAB_CX11_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/keysym.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/mman.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <time.h>

// ppoll() is a GNU extension that the Glibc module declares only with _GNU_SOURCE; glibc
// has it in every version Swift supports. It sleeps to the nanosecond, poll() to the ms.
int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *timeout, const sigset_t *sigmask);

static inline int touchlab_ppoll(struct pollfd *fds, nfds_t count, const struct timespec *timeout) {
  return ppoll(fds, count, timeout, NULL);
}

// XInput2's mask helpers are function-like macros, which Swift cannot import.
static inline void touchlab_xi_set_mask(unsigned char *mask, int event) {
  XISetMask(mask, event);
}

static inline void touchlab_xi_clear_mask(unsigned char *mask, int event) {
  XIClearMask(mask, event);
}

static inline int touchlab_xi_mask_is_set(const unsigned char *mask, int event) {
  return XIMaskIsSet(mask, event) != 0;
}

static inline int touchlab_xi_mask_len(int event) { return XIMaskLen(event); }

// Xlib's accessor macros that read the opaque Display.
static inline int touchlab_connection_number(Display *display) {
  return ConnectionNumber(display);
}

static inline int touchlab_default_screen(Display *display) {
  return DefaultScreen(display);
}

static inline Window touchlab_root_window(Display *display, int screen) {
  return RootWindow(display, screen);
}

static inline int touchlab_display_width(Display *display, int screen) {
  return DisplayWidth(display, screen);
}

static inline int touchlab_display_height(Display *display, int screen) {
  return DisplayHeight(display, screen);
}

static inline int touchlab_default_depth(Display *display, int screen) {
  return DefaultDepth(display, screen);
}

static inline Visual *touchlab_default_visual(Display *display, int screen) {
  return DefaultVisual(display, screen);
}

static inline unsigned long touchlab_black_pixel(Display *display, int screen) {
  return BlackPixel(display, screen);
}

// XDestroyImage is a macro calling through the image's function table.
static inline void touchlab_destroy_image(XImage *image) { XDestroyImage(image); }

// IPC_PRIVATE is a cast macro Swift cannot import.
static inline int touchlab_shm_create(size_t size) {
  return shmget(IPC_PRIVATE, size, IPC_CREAT | 0600);
}

// shmat's failure value is (void *)-1.
static inline void *touchlab_shm_attach(int id) {
  void *address = shmat(id, NULL, 0);
  return address == (void *)-1 ? NULL : address;
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

// NextRequest and LastKnownRequestProcessed are macros reading the Display's fields: the
// number the next request will have, and the last one the server is known to have handled
// (a reply, an event or an error of that number or later has been read). A frame sent
// through shared memory is read once the second passes the first's put.
static inline unsigned long touchlab_next_request(Display *display) { return NextRequest(display); }
static inline unsigned long touchlab_last_known_request_processed(Display *display) {
  return LastKnownRequestProcessed(display);
}

static inline unsigned long touchlab_get_pixel(XImage *image, int x, int y) {
  return XGetPixel(image, x, y);
}

// The loop's thread's scheduling (docs/PERFORMANCE.md, "How the live loop keeps the engine's
// timers on time"). Each returns 0 or the errno of the refusal.
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SCHED_RESET_ON_FORK
#define SCHED_RESET_ON_FORK 0x40000000
#endif
#ifndef SCHED_BATCH
#define SCHED_BATCH 3
#endif
#ifndef SCHED_IDLE
#define SCHED_IDLE 5
#endif

// The kernel's struct sched_attr (glibc before 2.41 does not declare it).
struct touchlab_sched_attr {
  uint32_t size;
  uint32_t sched_policy;
  uint64_t sched_flags;
  int32_t sched_nice;
  uint32_t sched_priority;
  uint64_t sched_runtime;
  uint64_t sched_deadline;
  uint64_t sched_period;
};

#ifndef SCHED_FLAG_RESET_ON_FORK
#define SCHED_FLAG_RESET_ON_FORK 0x01
#endif

// The calling thread to SCHED_OTHER with a time slice of `nanoseconds` (Linux 6.12 and later
// read a SCHED_OTHER thread's sched_runtime as its slice; 0: the default slice), its nice
// value kept. Once set, SCHED_RESET_ON_FORK may only be cleared with privilege, so it is
// kept set. A plain system call: safe in a signal handler.
static inline int touchlab_set_ordinary(uint64_t nanoseconds) {
  struct touchlab_sched_attr attributes;
  memset(&attributes, 0, sizeof attributes);
  attributes.size = sizeof attributes;
  attributes.sched_policy = SCHED_OTHER;
  attributes.sched_flags = SCHED_FLAG_RESET_ON_FORK;
  // The raw getpriority returns 20 - nice (1 to 40): no -1 that could be an error.
  long priority = syscall(SYS_getpriority, PRIO_PROCESS, (id_t)syscall(SYS_gettid));
  attributes.sched_nice = priority > 0 ? (int32_t)(20 - priority) : 0;
  attributes.sched_runtime = nanoseconds;
  return syscall(SYS_sched_setattr, 0, &attributes, 0) == 0 ? 0 : errno;
}

// Asks the fair scheduler for a short time slice: a thread that sleeps most of the time and
// wakes with a short slice gets an earlier deadline, so it preempts a busy task sooner.
// Allowed without privileges; older kernels ignore it or refuse it.
static inline int touchlab_request_time_slice(uint64_t nanoseconds) {
  return touchlab_set_ordinary(nanoseconds);
}

// The calling thread's time slice in nanoseconds as the kernel has it (0 for a real-time
// thread, which has none); 0 or the errno of sched_getattr.
static inline int touchlab_time_slice(uint64_t *nanoseconds) {
  struct touchlab_sched_attr attributes;
  memset(&attributes, 0, sizeof attributes);
  if (syscall(SYS_sched_getattr, 0, &attributes, sizeof attributes, 0) != 0) return errno;
  *nanoseconds = attributes.sched_runtime;
  return 0;
}

// SCHED_FIFO at its lowest priority (on), or back to SCHED_OTHER (off) with a time slice of
// `slice` nanoseconds (0: the default), for the calling thread only; a child process never
// inherits real time. Raising needs CAP_SYS_NICE or an RLIMIT_RTPRIO. sched_setscheduler
// back to SCHED_OTHER would reset a slice asked for before to the default: lowering sets it
// again (sched_setattr), and falls back to sched_setscheduler where that is refused.
static inline int touchlab_set_realtime(int on, uint64_t slice) {
  struct sched_param parameter;
  memset(&parameter, 0, sizeof parameter);
  if (on) {
    parameter.sched_priority = sched_get_priority_min(SCHED_FIFO);
    return sched_setscheduler(0, SCHED_FIFO | SCHED_RESET_ON_FORK, &parameter) == 0 ? 0 : errno;
  }
  if (touchlab_set_ordinary(slice) == 0) return 0;
  return sched_setscheduler(0, SCHED_OTHER | SCHED_RESET_ON_FORK, &parameter) == 0 ? 0 : errno;
}

// The CPUs the calling thread may run on (its affinity, raw so that no _GNU_SOURCE macro is
// needed), the first `capacity` of them into `cpus`. Returns how many, or -1.
static inline int touchlab_allowed_cpus(int *cpus, int capacity) {
  unsigned long mask[16];  // 1,024 CPUs
  const int bits = 8 * (int)sizeof(unsigned long);
  memset(mask, 0, sizeof mask);
  long size = syscall(SYS_sched_getaffinity, 0, sizeof mask, mask);
  if (size < 0) return -1;
  int count = 0;
  for (int cpu = 0; cpu < (int)size * 8 && count < capacity; cpu++) {
    if (mask[cpu / bits] & (1UL << (cpu % bits))) cpus[count++] = cpu;
  }
  return count;
}

// Keeps the calling thread on one CPU. Returns 0 or the errno of the refusal.
static inline int touchlab_pin_to_cpu(int cpu) {
  unsigned long mask[16];
  const int bits = 8 * (int)sizeof(unsigned long);
  if (cpu < 0 || cpu >= 16 * bits) return EINVAL;
  memset(mask, 0, sizeof mask);
  mask[cpu / bits] = 1UL << (cpu % bits);
  return syscall(SYS_sched_setaffinity, 0, sizeof mask, mask) == 0 ? 0 : errno;
}

// Names the calling thread (its `comm`, as top -H and the kernel's traces show it; 15 bytes).
static inline int touchlab_set_thread_name(const char *name) {
  return prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0) == 0 ? 0 : errno;
}

// The timer slack of the calling thread (50 µs by default): how late the kernel may fire
// its sleeps' timers to group wake-ups.
static inline int touchlab_set_timer_slack(unsigned long nanoseconds) {
  return prctl(PR_SET_TIMERSLACK, nanoseconds, 0, 0, 0) == 0 ? 0 : errno;
}

// The real-time watchdog (issue 25 §6): a timer on the loop thread's own CPU clock that, once
// the thread has computed for its budget since it was armed, drops the thread to SCHED_OTHER
// from a signal handler — whatever the thread is doing then (a long frame, a big scene's
// hit-test). sched_setscheduler is a plain system call: safe in a signal handler.
#include <signal.h>
#include <sys/resource.h>
#include <time.h>

#ifndef SIGEV_THREAD_ID
#define SIGEV_THREAD_ID 4
#endif

// The slice to keep rides in the timer's signal value (the thread's own, no global).
static inline void touchlab_rt_watchdog_handler(int signal_number, siginfo_t *info, void *context) {
  (void)signal_number;
  (void)context;
  int saved = errno;
  touchlab_set_realtime(0, (uint64_t)(uintptr_t)info->si_value.sival_ptr);
  errno = saved;
}

// The signal the watchdog uses (a real-time one, queued, not used by the libraries linked).
static inline int touchlab_rt_watchdog_signal(void) { return SIGRTMIN + 6; }

// A watchdog timer for the calling thread, disarmed, that lowers it to SCHED_OTHER with a
// time slice of `slice` nanoseconds (0: the default); 0 or the errno.
static inline int touchlab_rt_watchdog_create(timer_t *timer, uint64_t slice) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = touchlab_rt_watchdog_handler;
  action.sa_flags = SA_RESTART | SA_SIGINFO;
  sigemptyset(&action.sa_mask);
  if (sigaction(touchlab_rt_watchdog_signal(), &action, NULL) != 0) return errno;
  struct sigevent event;
  memset(&event, 0, sizeof event);
  event.sigev_notify = SIGEV_THREAD_ID;
  event.sigev_signo = touchlab_rt_watchdog_signal();
  event.sigev_value.sival_ptr = (void *)(uintptr_t)slice;
  event._sigev_un._tid = (pid_t)syscall(SYS_gettid);
  return timer_create(CLOCK_THREAD_CPUTIME_ID, &event, timer) == 0 ? 0 : errno;
}

// Fires once the thread has used `nanoseconds` more CPU time (0 disarms); 0 or the errno.
static inline int touchlab_rt_watchdog_arm(timer_t timer, uint64_t nanoseconds) {
  struct itimerspec when;
  memset(&when, 0, sizeof when);
  when.it_value.tv_sec = (time_t)(nanoseconds / 1000000000u);
  when.it_value.tv_nsec = (long)(nanoseconds % 1000000000u);
  return timer_settime(timer, 0, &when, NULL) == 0 ? 0 : errno;
}

// Whether the calling thread is at a real-time policy now.
static inline int touchlab_is_realtime(void) {
  int policy = sched_getscheduler(0);
  if (policy < 0) return 0;
  policy &= ~SCHED_RESET_ON_FORK;
  return policy == SCHED_FIFO || policy == SCHED_RR;
}

// Work that can wait (issue 49): the calling thread to SCHED_BATCH (it never preempts a
// thread that wakes, the window's loop) at nice `nice` (a tenth or so of an ordinary thread's
// share against a busy one), for it only. Allowed to any thread: a nice value can always be
// raised. 0 or the errno of the refusal.
static inline int touchlab_set_background(int nice) {
  struct sched_param parameter;
  memset(&parameter, 0, sizeof parameter);
  if (sched_setscheduler(0, SCHED_BATCH, &parameter) != 0) return errno;
  return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), nice) == 0 ? 0 : errno;
}

// The calling thread's policy (SCHED_RESET_ON_FORK left out), or -1.
static inline int touchlab_sched_policy(void) {
  int policy = sched_getscheduler(0);
  return policy < 0 ? -1 : (policy & ~SCHED_RESET_ON_FORK);
}

// The calling thread's nice value (getpriority's -1 is a nice value too: errno tells).
static inline int touchlab_nice(void) {
  return getpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid));
}

// The calling thread's CPU time, in nanoseconds.
static inline uint64_t touchlab_thread_cpu_time(void) {
  struct timespec time;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time);
  return (uint64_t)time.tv_sec * 1000000000u + (uint64_t)time.tv_nsec;
}

// RLIMIT_RTTIME's soft limit in microseconds (RLIM_INFINITY as UINT64_MAX): how long a
// real-time thread may compute without blocking before the kernel sends SIGXCPU (RealtimeKit
// requires it set, and kills past the hard limit).
static inline uint64_t touchlab_rttime_limit(void) {
  struct rlimit limit;
  if (getrlimit(RLIMIT_RTTIME, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return UINT64_MAX;
  return (uint64_t)limit.rlim_cur;
}

#endif
