"""The Tiến Lên table: card fan, table centre, chops, payment table."""
