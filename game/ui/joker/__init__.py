"""The Joker (ჯოკერი) table: scene, dialogs, score sheet."""
