"""Arena dispatcher: `--game spit` runs tools/arena_spit.py, any other game
tools/arena_spades.py (same arguments; see each module's help)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    game = None
    for i, a in enumerate(argv):
        if a == "--game" and i + 1 < len(argv):
            game = argv[i + 1]
        elif a.startswith("--game="):
            game = a[7:]
    if game == "spit":
        import arena_spit as arena
    else:
        import arena_spades as arena
    return arena.main(argv)


if __name__ == "__main__":
    sys.exit(main())
