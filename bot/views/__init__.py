"""Persistent message components (buttons and selects) that outlive a restart."""
