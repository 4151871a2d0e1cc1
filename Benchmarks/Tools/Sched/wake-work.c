/*
 * What the scheduler gives an ordinary thread that wakes and works (issue 49): the thread
 * sleeps PERIOD ms, then computes WORK ms of its own CPU time, N times, and prints the wall
 * time from the end of each sleep's due time to the end of the work — p50, p99 and max. With
 * SLICE µs other than 0 it first asks for that time slice (sched_setattr's sched_runtime for
 * a SCHED_OTHER thread, Linux 6.12 and later; no privilege needed), as the live window's loop
 * thread does (LiveSandbox.timeSlice).
 *
 * Run it as an ordinary user beside two busy loops on the project's 2 cores to see the floor
 * no window can go under there: docs/PERFORMANCE.md, "What the scheduler gives".
 *
 * With TICK_US other than 0, one more thread kept on each of the first two CPUs wakes every
 * TICK_US while the work is under way, as the live window's finer scheduler tick does
 * (SchedulerTick): each wake-up makes the kernel look again at who runs on that CPU, so a
 * worker the kernel's own tick put behind a busy task is back once that task has had its
 * share, not a whole tick later. docs/PERFORMANCE.md, "A finer tick while a frame is on its
 * way".
 *
 *   cc -O2 -pthread -o wake-work wake-work.c
 *   ./wake-work SLICE_US WORK_MS [PERIOD_MS [N [TICK_US]]]
 */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

struct slice_attr {
  uint32_t size, policy;
  uint64_t flags;
  int32_t nice;
  uint32_t priority;
  uint64_t runtime, deadline, period;
};

static double seconds(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void ask_slice(long slice) {
  if (slice <= 0) return;
  struct slice_attr attr;
  memset(&attr, 0, sizeof attr);
  attr.size = sizeof attr;
  attr.runtime = (uint64_t)slice * 1000;
  if (syscall(SYS_sched_setattr, 0, &attr, 0) != 0) perror("wake-work: sched_setattr");
}

/* The finer tick: 1 while the work is under way (a futex word), how often, how many ticks. */
static atomic_int ticking;
static long tick_us;
static atomic_long ticks;

static void *tick_thread(void *argument) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET((int)(intptr_t)argument, &set);
  sched_setaffinity(0, sizeof set, &set);
  ask_slice(100);
  for (;;) {
    if (!atomic_load(&ticking)) {
      syscall(SYS_futex, &ticking, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);
      continue;
    }
    struct timespec nap = {0, tick_us * 1000};
    nanosleep(&nap, NULL);
    atomic_fetch_add(&ticks, 1);
  }
  return NULL;
}

static int ascending(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: wake-work SLICE_US WORK_MS [PERIOD_MS [N [TICK_US]]]\n");
    return 2;
  }
  long slice = atol(argv[1]);
  double work = atof(argv[2]) / 1000, period = argc > 3 ? atof(argv[3]) / 1000 : 0.008;
  int count = argc > 4 ? atoi(argv[4]) : 2000;
  tick_us = argc > 5 ? atol(argv[5]) : 0;
  if (slice < 0 || slice > 100000 || !(work >= 0 && work <= 1) || !(period > 0 && period <= 1) || count < 1 ||
      count > 1000000 || tick_us < 0 || tick_us > 100000) {
    fprintf(stderr,
            "wake-work: error: SLICE_US 0-100000, WORK_MS 0-1000, PERIOD_MS 0-1000, N 1-1000000, TICK_US 0-100000\n");
    return 2;
  }
  ask_slice(slice);
  for (int cpu = 0; tick_us > 0 && cpu < 2; cpu++) {
    pthread_t thread;
    if (pthread_create(&thread, NULL, tick_thread, (void *)(intptr_t)cpu) != 0) return 1;
  }
  double *late = malloc(sizeof(double) * (size_t)count);
  if (!late) return 1;
  for (int i = 0; i < count; i++) {
    double due = seconds(CLOCK_MONOTONIC) + period;
    struct timespec nap = {0, (long)(period * 1e9)};
    nanosleep(&nap, NULL);
    if (tick_us > 0) {
      atomic_store(&ticking, 1);
      syscall(SYS_futex, &ticking, FUTEX_WAKE_PRIVATE, 2, NULL, NULL, 0);
    }
    double until = seconds(CLOCK_THREAD_CPUTIME_ID) + work;
    while (seconds(CLOCK_THREAD_CPUTIME_ID) < until) {
    }
    if (tick_us > 0) atomic_store(&ticking, 0);
    late[i] = (seconds(CLOCK_MONOTONIC) - due) * 1000;
  }
  qsort(late, (size_t)count, sizeof(double), ascending);
  printf("slice %ld us, work %.2f ms every %.1f ms, tick %ld us: wake to work done p50 %.2f, p99 %.2f, max %.2f ms"
         " (%ld ticks)\n",
         slice, work * 1000, period * 1000, tick_us, late[count / 2], late[count * 99 / 100], late[count - 1],
         atomic_load(&ticks));
  free(late);
  return 0;
}
