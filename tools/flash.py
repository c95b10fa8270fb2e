"""`make flash`: copy dist/CIRCUITPY/ (from `make bundle`) onto a mounted CIRCUITPY drive.

The drive is found by its name (a mount called CIRCUITPY under /media, /run/media/<user>,
/Volumes, or anywhere in /proc/mounts), or named with CIRCUITPY=/path. Only what the
bundle ships is replaced: code.py, boot.py, the engine/ and ui/ folders (mirrored: stale
files in them go, since an old engine/x.py would shadow the new engine/x.mpy), and the
lib/ entries we ship (with any same-named .py/.mpy twin). Everything else on the drive
(settings, other libraries, the user's files) is left alone. Files that did not change are
not rewritten (each write makes the board restart its program and wears the flash).

    python tools/flash.py [--bundle DIR] [--drive DIR]
"""
import argparse
import glob
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUNDLE = os.path.join(ROOT, "dist", "CIRCUITPY")
MARKER = ".circuitpy-bundle"
MIRRORED = ("engine", "ui")  # folders that are wholly ours on the drive
SEARCH = ("/media/CIRCUITPY", "/media/*/CIRCUITPY", "/run/media/*/CIRCUITPY", "/Volumes/CIRCUITPY",
          "/mnt/CIRCUITPY")


class FlashError(Exception):
    pass


def mounts_named(name="CIRCUITPY", mounts_file="/proc/mounts"):
    found = []
    try:
        with open(mounts_file) as f:
            for line in f:
                parts = line.split()
                if len(parts) > 1:
                    point = parts[1].replace("\\040", " ")
                    if os.path.basename(point) == name:
                        found.append(point)
    except OSError:
        pass
    return found


def find_drive(search=SEARCH, mounts_file="/proc/mounts"):
    env = os.environ.get("CIRCUITPY")
    if env:
        if not os.path.isdir(env):
            raise FlashError("CIRCUITPY=%s is not a folder (is the board plugged in and mounted?)" % env)
        return env
    found = []
    for pattern in search:
        found.extend(p for p in glob.glob(pattern) if os.path.isdir(p))
    found.extend(p for p in mounts_named(mounts_file=mounts_file) if os.path.isdir(p))
    unique = []
    for p in found:
        if os.path.realpath(p) not in [os.path.realpath(u) for u in unique]:
            unique.append(p)
    if not unique:
        raise FlashError("no CIRCUITPY drive found (looked in %s and the mount table). Plug the PyBadge "
                         "in, wait for its drive to mount, or name it: make flash CIRCUITPY=/path/to/CIRCUITPY"
                         % ", ".join(search))
    if len(unique) > 1:
        raise FlashError("several CIRCUITPY drives found (%s): pick one with CIRCUITPY=/path"
                         % ", ".join(unique))
    return unique[0]


def _same(a, b):
    if not os.path.isfile(b) or os.path.getsize(a) != os.path.getsize(b):
        return False
    with open(a, "rb") as fa, open(b, "rb") as fb:
        return fa.read() == fb.read()


def _write(src, dest, stats):
    if _same(src, dest):
        stats["same"] += 1
        return
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with open(src, "rb") as f:
        data = f.read()
    with open(dest, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    stats["written"] += 1
    stats["bytes"] += len(data)


def _remove(path, stats):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    else:
        os.remove(path)
    stats["removed"] += 1


def _files(folder):
    out = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames.sort()
        for fn in sorted(filenames):
            if fn != MARKER:
                out.append(os.path.relpath(os.path.join(dirpath, fn), folder))
    return out


def _bytes_in(folder):
    return sum(os.path.getsize(os.path.join(folder, f)) for f in _files(folder)) if os.path.isdir(folder) else 0


def flash(bundle, drive, log=print):
    if not os.path.isfile(os.path.join(bundle, "code.py")):
        raise FlashError("%s holds no code.py: run `make bundle` first" % bundle)
    stats = {"same": 0, "written": 0, "removed": 0, "bytes": 0}
    ours = _files(bundle)
    # room: what we ship minus what we replace must fit in the free space
    replaced = 0
    for rel in ours:
        p = os.path.join(drive, rel)
        if os.path.isfile(p):
            replaced += os.path.getsize(p)
    need = sum(os.path.getsize(os.path.join(bundle, r)) for r in ours) - replaced
    free = shutil.disk_usage(drive).free
    if need > free:
        raise FlashError("not enough room on %s: %d bytes more needed, %d free (delete old files from the "
                         "drive, e.g. unused lib/ entries)" % (drive, need, free))
    # 1. mirrored folders: remove what the bundle no longer has (before writing, to free room)
    for top in MIRRORED:
        have = os.path.join(drive, top)
        if not os.path.isdir(have):
            continue
        keep = {os.path.normpath(r) for r in ours if r.split(os.sep)[0] == top}
        for rel in _files(have):
            rel = os.path.normpath(os.path.join(top, rel))
            if rel not in keep:
                _remove(os.path.join(drive, rel), stats)
    # 2. lib/: each entry we ship replaces the drive's entry of the same module name
    lib = os.path.join(bundle, "lib")
    if os.path.isdir(lib):
        for entry in sorted(os.listdir(lib)):
            stem = entry[:-4] if entry.endswith(".mpy") else entry
            for twin in (stem, stem + ".py", stem + ".mpy"):
                p = os.path.join(drive, "lib", twin)
                if twin == entry or not os.path.lexists(p):
                    continue
                _remove(p, stats)
            if os.path.isdir(os.path.join(lib, entry)) and os.path.isdir(os.path.join(drive, "lib", entry)):
                keep = set(_files(os.path.join(lib, entry)))
                for rel in _files(os.path.join(drive, "lib", entry)):
                    if rel not in keep:
                        _remove(os.path.join(drive, "lib", entry, rel), stats)
    # 3. write, then sync
    for rel in ours:
        before = stats["written"]
        _write(os.path.join(bundle, rel), os.path.join(drive, rel), stats)
        if rel == "boot.py" and stats["written"] > before:
            stats["boot_written"] = True
    if hasattr(os, "sync"):
        os.sync()
    log("flash: %s: %d files written (%d bytes), %d unchanged, %d stale removed"
        % (drive, stats["written"], stats["bytes"], stats["same"], stats["removed"]))
    if stats.get("boot_written"):
        log("flash: boot.py changed: it runs only at power-on or reset, so press reset")
    if os.path.exists(os.path.join(drive, "code.txt")):
        # CircuitPython tries code.txt before code.py
        log("flash: warning: code.txt on the drive runs instead of code.py; rename or delete it")
    if not os.path.exists(os.path.join(drive, "boot_out.txt")):
        log("flash: note: %s has no boot_out.txt; is it really a CircuitPython drive?" % drive)
    return stats


def main(argv=None, search=SEARCH, mounts_file="/proc/mounts"):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bundle", default=BUNDLE, help="bundle folder (default: dist/CIRCUITPY)")
    ap.add_argument("--drive", default=None, help="the CIRCUITPY drive (default: $CIRCUITPY or found)")
    args = ap.parse_args(argv)
    try:
        if not os.path.isdir(args.bundle):
            raise FlashError("%s: no bundle; run `make bundle` first" % args.bundle)
        drive = args.drive or find_drive(search, mounts_file)
        if not os.path.isdir(drive):
            raise FlashError("%s is not a folder" % drive)
        flash(args.bundle, drive)
    except (FlashError, OSError) as e:
        print("flash: FAIL %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
