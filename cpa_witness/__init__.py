"""The witness CPA: an analysis restricted to the executions of a violation witness
(:mod:`cpa_witness.automaton`), which is how ``cpa validate`` checks one."""
