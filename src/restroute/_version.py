"""The one place the version lives: read by the build and by the user-agent."""

__version__ = "0.1.0"
