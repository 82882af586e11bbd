"""The walk up to a repository's top folder every module shares (``core.paths``): the nearest
folder holding ``.git``, a folder or a file (a worktree's, a submodule's), as git finds it;
bounded below the home folder when one is given; walked by the folders' text, as given."""

from __future__ import annotations

from pathlib import Path

from subagent_ls.core.paths import git_top, holds_git, up_to_repository_top


def folder(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def test_a_git_folder_marks_the_top(tmp_path):
    folder(tmp_path / "repo" / ".git")
    deep = folder(tmp_path / "repo" / "a" / "b")
    assert git_top(deep) == tmp_path / "repo"
    assert git_top(tmp_path / "repo") == tmp_path / "repo"
    assert up_to_repository_top(deep) == [deep, deep.parent, tmp_path / "repo"]


def test_a_git_file_marks_the_top_as_for_a_worktree_or_a_submodule(tmp_path):
    folder(tmp_path / "repo" / ".git")
    submodule = folder(tmp_path / "repo" / "vendor" / "lib")
    (submodule / ".git").write_text("gitdir: ../../.git/modules/lib\n")
    inside = folder(submodule / "src")
    assert holds_git(submodule)
    assert git_top(inside) == submodule
    assert up_to_repository_top(inside) == [inside, submodule]


def test_no_repository(tmp_path):
    deep = folder(tmp_path / "a" / "b")
    assert not holds_git(deep)
    assert git_top(deep, home=tmp_path) is None
    assert up_to_repository_top(deep, home=tmp_path) == [deep, tmp_path / "a"]
    # without a home folder the walk goes on to the root of the file system
    assert up_to_repository_top(deep)[:3] == [deep, tmp_path / "a", tmp_path]
    assert up_to_repository_top(deep)[-1] == Path("/") or holds_git(up_to_repository_top(deep)[-1])


def test_the_walk_stops_below_the_home_folder(tmp_path):
    home = tmp_path / "home"
    folder(home / ".git")  # the user's dotfiles kept in git: no project's top
    deep = folder(home / "project" / "a")
    assert git_top(deep, home) is None
    assert up_to_repository_top(deep, home) == [deep, home / "project"]
    assert up_to_repository_top(home, home) == []
    # unbounded, the home folder's repository is the top
    assert git_top(deep) == home


def test_a_repository_below_the_home_folder_is_found(tmp_path):
    home = tmp_path / "home"
    folder(home / "project" / ".git")
    deep = folder(home / "project" / "a")
    assert git_top(deep, home) == home / "project"


def test_a_folder_outside_the_home_folder_walks_past_it(tmp_path):
    folder(tmp_path / ".git")
    deep = folder(tmp_path / "srv" / "a")
    assert git_top(deep, home=tmp_path / "home") == tmp_path


def test_a_symlinked_folder_is_walked_as_given(tmp_path):
    folder(tmp_path / "repo" / ".git")
    folder(tmp_path / "repo" / "sub")
    elsewhere = folder(tmp_path / "elsewhere")
    (elsewhere / "top").symlink_to(tmp_path / "repo", target_is_directory=True)
    (elsewhere / "sub").symlink_to(tmp_path / "repo" / "sub", target_is_directory=True)
    # the link to the top holds ``.git``: the top is the link, as named, not resolved
    assert git_top(elsewhere / "top" / "sub") == elsewhere / "top"
    # a link into the repository is not followed back up to the repository's top
    assert git_top(elsewhere / "sub", home=tmp_path) is None
