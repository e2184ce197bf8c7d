"""Scripts that regenerate files of the repository (not part of the installed package)."""
