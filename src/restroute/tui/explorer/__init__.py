"""The explorer app's behaviour, one concern a module: ``app.RestrouteApp`` puts them
together over ``live.LiveExplorer``, the session shown live."""
