"""Stand-in for jax_privacy (see ../README.md): only the fields of execution_plan.BandMFConfig."""
