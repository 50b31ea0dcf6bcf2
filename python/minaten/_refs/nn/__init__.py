"""PyTorch 1.13: torch/_refs/nn/__init__.py"""
