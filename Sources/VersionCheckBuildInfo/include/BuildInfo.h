// Facts fixed when versioncheck is built. This header is the one place the
// version is written; `VERSION=1.2.3 make release` replaces it by compiling with
// -Xcc -DVERSIONCHECK_VERSION='"1.2.3"' (Swift has no string -D of its own).
#ifndef VERSIONCHECK_BUILD_INFO_H
#define VERSIONCHECK_BUILD_INFO_H

#ifndef VERSIONCHECK_VERSION
#define VERSIONCHECK_VERSION "0.1.0"
#endif

/// The version of versioncheck: `--version`, the man page, the User-Agent header.
static inline const char *versioncheck_version(void) { return VERSIONCHECK_VERSION; }

#endif
