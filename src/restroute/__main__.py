from restroute.cli import entrypoint

entrypoint()
