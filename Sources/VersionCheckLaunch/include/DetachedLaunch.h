#ifndef VERSIONCHECK_DETACHED_LAUNCH_H
#define VERSIONCHECK_DETACHED_LAUNCH_H

/// Starts `path` with `argv` and `envp` as a detached process (its own session, standard
/// streams on /dev/null) that runs the program only once this process has ended: it waits
/// for end of file on `waitFD`, whose other end `holdFD` only this process holds
/// (close-on-exec), and which the kernel closes when this process exits. Both descriptors
/// must be 3 or above; `waitFD` is closed in this process before the call returns. The
/// child closes every other descriptor above 2 before it waits (so that two refreshes
/// never hold each other's pipe).
///
/// Linux on x86_64 and arm64: the child shares this process's memory until its
/// exec (`clone` with `CLONE_VM`, as `posix_spawn` does, but without waiting for the
/// exec), so starting it copies no page tables and this process goes on at once; the
/// child makes only raw system calls, on a stack of its own, and `path`, `argv`, `envp`
/// must stay valid after this process exits: pass memory that is never freed. Elsewhere
/// on Linux, and in a build with ASan or TSan: `fork`. Returns the child's pid, or -errno.
int versioncheck_launch_detached(const char *path, char *const *argv, char *const *envp, int waitFD, int holdFD);

#endif
