"""``python -m restroute``: the same as the ``restroute`` command."""

from restroute.cli import entrypoint

if __name__ == "__main__":
    entrypoint()
