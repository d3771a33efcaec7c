// The detached refresh's start (see include/DetachedLaunch.h): Linux only; elsewhere
// BackgroundRefresh uses posix_spawn.
#include "DetachedLaunch.h"

#if defined(__linux__)
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

typedef struct {
    const char *path;
    char *const *argv;
    char *const *envp;
    int waitFD;
    int holdFD;
    sigset_t mask;  // the caller's signal mask, restored before execve
} Launch;

// Under ASan or TSan (`make sanitize`, the fuzzers) the child is forked: a child that
// shares the caller's memory runs with no sanitizer state of its own, and TSan's
// interceptors fail on it.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define SANITIZED_BUILD 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define SANITIZED_BUILD 1
#endif

#if (defined(__x86_64__) || defined(__aarch64__)) && !defined(SANITIZED_BUILD)
#define SHARED_MEMORY_CHILD 1
#endif

// A system call that never touches errno (a child that shares the caller's memory shares
// its thread-local storage too): the result, or -errno. A forked child owns its errno, so
// there `syscall` serves.
static long raw(long number, long a, long b, long c, long d) {
#if defined(SHARED_MEMORY_CHILD) && defined(__x86_64__)
    long result;
    register long r10 __asm__("r10") = d;
    __asm__ volatile("syscall" : "=a"(result) : "a"(number), "D"(a), "S"(b), "d"(c), "r"(r10) : "rcx", "r11", "memory");
    return result;
#elif defined(SHARED_MEMORY_CHILD)
    register long x8 __asm__("x8") = number;
    register long x0 __asm__("x0") = a;
    register long x1 __asm__("x1") = b;
    register long x2 __asm__("x2") = c;
    register long x3 __asm__("x3") = d;
    __asm__ volatile("svc 0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2), "r"(x3) : "memory");
    return x0;
#else
    long result = syscall(number, a, b, c, d);
    return result == -1 ? -errno : result;
#endif
}

// The kernel's struct sigaction, zeroed: SIG_DFL, no flags, empty mask (x86_64: handler,
// flags, restorer, mask; arm64: handler, flags, mask).
typedef struct { unsigned long words[4]; } KernelSigaction;

static int child(void *context) {
    const Launch *launch = context;
    // Only the wait end stays open: the descriptors it shares with the caller (another
    // refresh's hold end among them) must not wait with it.
    if (raw(SYS_close_range, 3, launch->waitFD - 1, 0, 0) != 0 || raw(SYS_close_range, launch->waitFD + 1, ~0U, 0, 0) != 0) {
        for (long fd = 3; fd < 1024; fd++) {
            if (fd != launch->waitFD) raw(SYS_close, fd, 0, 0, 0);
        }
    }
    raw(SYS_setsid, 0, 0, 0, 0);
    long null = raw(SYS_openat, AT_FDCWD, (long)"/dev/null", O_RDWR, 0);
    if (null >= 0) {
        for (long standard = 0; standard <= 2; standard++) {
            if (standard != null) raw(SYS_dup3, null, standard, 0, 0);
        }
        if (null > 2) raw(SYS_close, null, 0, 0, 0);
    }
    // Handlers of the caller's would run the caller's code in the shared memory: back to
    // the default action for every caught signal (ignored ones stay ignored, as execve does).
    for (long signal = 1; signal < 65; signal++) {
        KernelSigaction current = {{0, 0, 0, 0}};
        if (raw(SYS_rt_sigaction, signal, 0, (long)&current, 8) != 0) continue;
        if (current.words[0] != (unsigned long)SIG_DFL && current.words[0] != (unsigned long)SIG_IGN) {
            KernelSigaction fallback = {{0, 0, 0, 0}};
            raw(SYS_rt_sigaction, signal, (long)&fallback, 0, 8);
        }
    }
    raw(SYS_rt_sigprocmask, SIG_SETMASK, (long)&launch->mask, 0, 8);
    char byte;
    while (raw(SYS_read, launch->waitFD, (long)&byte, 1, 0) == -EINTR) {}
    raw(SYS_execve, (long)launch->path, (long)launch->argv, (long)launch->envp, 0);
    raw(SYS_exit, 127, 0, 0, 0);
    return 127;
}

// What every child reads when it execs, kept reachable from here for the life of this
// process (so LeakSanitizer, under `make sanitize`, does not report memory that is
// left on purpose).
typedef struct Kept {
    const char *path;
    char *const *argv;
    char *const *envp;
    struct Kept *next;
} Kept;
static Kept *_Atomic kept;

static void keep(const char *path, char *const *argv, char *const *envp) {
    Kept *node = malloc(sizeof *node);
    if (node == NULL) return;
    node->path = path;
    node->argv = argv;
    node->envp = envp;
    node->next = atomic_exchange(&kept, node);
}

int versioncheck_launch_detached(const char *path, char *const *argv, char *const *envp, int waitFD, int holdFD) {
    keep(path, argv, envp);
    // The child's stack and its Launch: never unmapped (a child that shares this memory
    // may use them after this process has exited).
    size_t size = 64 * 1024;
    void *stack = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (stack == MAP_FAILED) {
        int failure = errno;
        close(waitFD);
        return -failure;
    }
    Launch *launch = stack;
    launch->path = path;
    launch->argv = argv;
    launch->envp = envp;
    launch->waitFD = waitFD;
    launch->holdFD = holdFD;
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &launch->mask);
#if defined(SHARED_MEMORY_CHILD)
    int pid = clone(child, (char *)stack + size, CLONE_VM | SIGCHLD, launch);
#else
    int pid = fork();
    if (pid == 0) child(launch);
#endif
    int failure = errno;
    pthread_sigmask(SIG_SETMASK, &launch->mask, NULL);
#if !defined(SHARED_MEMORY_CHILD)
    munmap(stack, size);  // a forked child has its own copy
#endif
    close(waitFD);
    return pid > 0 ? pid : -failure;
}
#else
// Not used outside Linux; one definition keeps the target non-empty.
int versioncheck_launch_detached(const char *path, char *const *argv, char *const *envp, int waitFD, int holdFD) {
    (void)path; (void)argv; (void)envp; (void)waitFD; (void)holdFD;
    return -38;  // ENOSYS
}
#endif
