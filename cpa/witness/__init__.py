"""SV-COMP verification witnesses (YAML format 2.0): writing them for our verdicts
(:mod:`cpa.witness.violation`, :mod:`cpa.witness.correctness`) and checking anyone's
(:mod:`cpa.witness.validation`)."""
