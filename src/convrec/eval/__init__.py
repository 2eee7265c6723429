"""Evaluation: metrics and protocols."""
