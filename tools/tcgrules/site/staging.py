"""The folder a site is built in before it is switched in whole (:func:`switch_in`):
the site before the last one, kept beside the site for this, its files overwritten where they
changed rather than made again.

Creating a file or a folder, and removing one, costs far more than writing into a file that is
there (on the shared disk of the project's machines, 2 to 5 ms each, against a tenth of that: a
site is 290 files in 310 folders). So the replaced site is not removed: it is the next build's
staging folder, where :func:`write` leaves a file whose bytes are already the new ones as it is,
and writes into the others. Every file there is marked stale first (:func:`stale_marked`, its
modification time set to 0, whatever the clock says); whatever the build writes, or finds
written as it would write it, is fresh again; :func:`pruned` removes the rest once the build
wrote everything, so the folder holds what a build from nothing makes, byte for byte. Where
modification times cannot say stale from fresh (:func:`marks_stale`: FAT, a filesystem keeping
no times), the build starts from an empty folder instead.
"""
from __future__ import annotations

import errno
import itertools
import os
import shutil
from pathlib import Path
from typing import Iterable

STALE = 0  # the modification time of a file no build wrote since the staging folder was marked
# what this process wrote into a staging folder and has not synced to disk yet (:func:`synced`):
# the files, and the folders where it made or removed an entry
_UNSYNCED: tuple[set[str], set[str]] = (set(), set())


def staging_folder(site_dir: Path) -> Path:
    """The folder to build ``site_dir`` in: the one a killed build left, or the site
    :func:`kept_aside` kept, its files marked stale; a new one when there is neither."""
    staged, old = new_folder(site_dir), old_folder(site_dir)
    if old.exists():
        if not site_dir.exists():  # killed between switch_in's two renames: the old site is the one served
            os.rename(old, site_dir)
        elif staged.exists():
            shutil.rmtree(old, ignore_errors=True)  # a killed build's folder is as good
        else:
            os.rename(old, staged)
    staged.mkdir(exist_ok=True)
    if marks_stale(staged):
        stale_marked(staged)
    else:  # no time can say stale: the build starts from an empty folder, as from nothing
        shutil.rmtree(staged)
        staged.mkdir()
    return staged


def marks_stale(folder: Path) -> bool:
    """Whether the filesystem of ``folder`` keeps a modification time of 0 (stale), then the
    clock's (fresh): tried on the folder itself, whose time nothing reads. Not on FAT (no
    time before 1980), on a filesystem that keeps no times, or under a clock that says 0."""
    try:
        os.utime(folder, ns=(STALE, STALE))
        if os.stat(folder).st_mtime_ns != STALE:
            return False
        os.utime(folder)
        return os.stat(folder).st_mtime_ns != STALE
    except OSError:
        return False


def new_folder(site_dir: Path) -> Path:
    """The folder a build of ``site_dir`` is made in."""
    return site_dir.with_name(f".{site_dir.name}.new")


def old_folder(site_dir: Path) -> Path:
    """The site the last build replaced, kept for the next build to be made in."""
    return site_dir.with_name(f".{site_dir.name}.old")


def stale_marked(folder: Path) -> None:
    """Mark every file under ``folder`` stale (a file linked elsewhere too is removed:
    its modification time is not this folder's to change)."""
    for top, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(top, name)
            if os.lstat(path).st_nlink > 1 or os.path.islink(path):
                os.unlink(path)
            else:
                os.utime(path, ns=(STALE, STALE))


def write(path: str | os.PathLike, data: bytes) -> None:
    """Write ``data`` to the file ``path`` (and the folders it needs), or, when the file
    holds these bytes already, leave it as it is, marked fresh. A folder of an earlier site
    where this file goes, or a file of one where a folder of its path goes, is removed."""
    try:
        with open(path, "rb") as f:
            same = f.read(len(data) + 1) == data
    except IsADirectoryError:
        shutil.rmtree(path)
        same = False
    except (FileNotFoundError, NotADirectoryError):
        _folders_made(Path(path).parent)
        same = False
    if same:
        os.utime(path)
    else:
        with open(path, "wb") as f:
            f.write(data)
        _UNSYNCED[0].add(os.fspath(path))
        _UNSYNCED[1].add(os.path.dirname(path))


def _folders_made(folder: Path) -> None:
    """Make ``folder`` and its parents, removing a file of an earlier site found in the way
    (looked for only when one is: most pages' folders are simply made)."""
    made = list(itertools.takewhile(lambda p: not p.is_dir(), (folder, *folder.parents)))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        for parent in (*reversed(folder.parents), folder):
            if parent.is_file() or parent.is_symlink():
                parent.unlink()
        folder.mkdir(parents=True, exist_ok=True)
    _UNSYNCED[1].update(os.fspath(p.parent) for p in made)  # a folder's entry is in its parent


def write_text(path: Path, text: str) -> None:
    write(path, text.encode("utf-8"))


def pruned(folder: Path, coming: Iterable[Path] = ()) -> None:
    """Remove every file under ``folder`` still marked stale but those the build writes
    after this (``coming``: left for :func:`write` to compare), then the folders left empty;
    nothing where files cannot be marked (the folder was empty: :func:`staging_folder`)."""
    if not marks_stale(folder):
        return
    spared = {os.fspath(p) for p in coming}
    for top, subfolders, names in os.walk(folder, topdown=False):
        for name in names:
            path = os.path.join(top, name)
            if path not in spared and os.lstat(path).st_mtime_ns == STALE:
                os.unlink(path)
                _UNSYNCED[1].add(top)
        if top != str(folder) and not os.listdir(top):
            os.rmdir(top)
            _UNSYNCED[1].add(os.path.dirname(top))


def switch_in(staged: Path, site_dir: Path) -> None:
    """Put the finished ``staged`` folder at ``site_dir`` in one step, so that a kill leaves
    the old site or the new one, never half of one: the two are exchanged by one
    renameat2(RENAME_EXCHANGE) where the system has it, else renamed one after the other.
    The old site is kept aside: the next build is made in it (:func:`staging_folder`).
    Every file and folder of ``staged`` is synced to disk first (:func:`synced`), and the
    switch after it: a power loss leaves either site whole."""
    synced(staged)
    old = old_folder(site_dir)
    shutil.rmtree(old, ignore_errors=True)
    if site_dir.exists() and _exchange(staged, site_dir):
        os.rename(staged, old)
    else:
        if site_dir.exists():
            os.rename(site_dir, old)
        os.rename(staged, site_dir)
    _fsync(os.fspath(site_dir.parent))


def synced(tree: Path | None = None) -> None:
    """Sync to disk what this process wrote into a staging folder since it last did: each
    file written, then each folder where it made or removed an entry (a few at once: the
    disk takes them together). With ``tree``, every file and folder under it too, whoever
    wrote it: a file left as it was may be one a killed process wrote and never synced (a
    file on disk already costs a tenth of a millisecond; the build's processes sync theirs
    as they finish, so little is left for this)."""
    files, folders = (set(x) for x in _UNSYNCED)
    for x in _UNSYNCED:
        x.clear()
    if tree is not None:
        for top, _, names in os.walk(tree):
            folders.add(top)
            files.update(os.path.join(top, name) for name in names)
    files, folders = sorted(files), sorted(folders)
    if files or folders:
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(8) as pool:
            list(pool.map(_fsync, files))
            list(pool.map(_fsync, folders))


def _fsync(path: str) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return  # removed since it was written (a folder cleared for a page)
    try:
        os.fsync(fd)
    except OSError as e:
        if e.errno not in (errno.EINVAL, errno.ENOTSUP):
            raise  # (a filesystem that cannot sync a folder: its files were synced)
    finally:
        os.close(fd)


def _exchange(a: Path, b: Path) -> bool:
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    rename2 = getattr(libc, "renameat2", None)
    at_fdcwd, rename_exchange = -100, 2
    return rename2 is not None and rename2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0
