"""The domino table: tile art, the snake layout of the line, and the table scene."""
