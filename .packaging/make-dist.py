#!/usr/bin/env python3
"""make-dist.py OUTDIR VERSION: the source archive of HEAD, reproducibly.

Writes OUTDIR/versioncheck-VERSION.tar.gz and OUTDIR/versioncheck-VERSION.tar.gz.sha256.
The archive holds the files git tracks at HEAD (what `git archive HEAD` gives) under
versioncheck-VERSION/, with the version stamped into BuildInfo.h, so a build from it
reports VERSION without any flag. Nothing in it depends on the clone, the clock or the
user who ran it: entries in byte order of their names, every mtime SOURCE_DATE_EPOCH
(default: the commit time of HEAD), owner and group 0 with no names, modes 0644/0755
and 0755 for folders, gzip without a name or a time. Two clones of one commit give the
same bytes.
"""
import gzip
import hashlib
import io
import os
import re
import subprocess
import sys
import tarfile

BUILD_INFO = "Sources/VersionCheckBuildInfo/include/BuildInfo.h"
VERSION_LINE = re.compile(rb'^#define VERSIONCHECK_VERSION "[^"]*"$', re.M)


def git(*args):
    return subprocess.run(["git", *args], check=True, capture_output=True).stdout


def stamped(data, version):
    out, count = VERSION_LINE.subn(b'#define VERSIONCHECK_VERSION "' + version.encode() + b'"', data)
    if count != 1:
        sys.exit(f"make-dist: {BUILD_INFO} has no single VERSIONCHECK_VERSION line to stamp")
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: make-dist.py OUTDIR VERSION")
    outdir, version = sys.argv[1], sys.argv[2]
    if not re.fullmatch(r"[A-Za-z0-9.+-]+", version):
        sys.exit(f"make-dist: VERSION='{version}': use only letters, digits, '.', '+' and '-'")
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH") or git("log", "-1", "--format=%ct", "HEAD").strip())
    prefix = f"versioncheck-{version}"
    tracked = tarfile.open(fileobj=io.BytesIO(git("archive", "--format=tar", "HEAD")), mode="r:")
    members = sorted((m for m in tracked.getmembers() if m.isfile() or m.issym()), key=lambda m: m.name.encode())

    folders = set()
    for member in members:
        parts = member.name.split("/")[:-1]
        for end in range(1, len(parts) + 1):
            folders.add("/".join(parts[:end]))

    def entry(name, kind, mode):
        info = tarfile.TarInfo(f"{prefix}/{name}" if name else prefix)
        info.type, info.mode, info.mtime = kind, mode, epoch
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        return info

    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as out:
        out.addfile(entry("", tarfile.DIRTYPE, 0o755))
        for folder in sorted(folders, key=str.encode):
            out.addfile(entry(folder + "/", tarfile.DIRTYPE, 0o755))
        for member in members:
            if member.issym():
                info = entry(member.name, tarfile.SYMTYPE, 0o777)
                info.linkname = member.linkname
                out.addfile(info)
                continue
            data = tracked.extractfile(member).read()
            if member.name == BUILD_INFO:
                data = stamped(data, version)
            info = entry(member.name, tarfile.REGTYPE, 0o755 if member.mode & 0o111 else 0o644)
            info.size = len(data)
            out.addfile(info, io.BytesIO(data))



    os.makedirs(outdir, exist_ok=True)
    archive = os.path.join(outdir, prefix + ".tar.gz")
    with open(archive, "wb") as file:
        with gzip.GzipFile(filename="", mode="wb", fileobj=file, mtime=0, compresslevel=9) as zipped:
            zipped.write(raw.getvalue())
    digest = hashlib.sha256(open(archive, "rb").read()).hexdigest()
    with open(archive + ".sha256", "w") as file:
        file.write(f"{digest}  {prefix}.tar.gz\n")
    print(f"{archive} {digest}")


if __name__ == "__main__":
    main()
