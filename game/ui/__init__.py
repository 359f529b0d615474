"""The game window: pygame-ce + pygame_gui scenes, widgets, theme and translations."""
