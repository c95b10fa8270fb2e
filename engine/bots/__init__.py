"""The bots: they see only their own seat's observation and answer with an action."""
