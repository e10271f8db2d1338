"""Adapters: rulekit games as environments of outside frameworks.

* ``rulekit.adapters.encoding``: the stable action index and observation
  vector of each game (no framework needed, only numpy).
* ``rulekit.adapters.pettingzoo``: PettingZoo AEC environments.
* ``rulekit.adapters.openspiel``: OpenSpiel games (``pyspiel``).
* ``rulekit.adapters.golden``: golden playthrough transcripts.

The framework modules need the optional extra ``rulekit[interop]``; this
package imports none of them, so ``import rulekit.adapters`` always works.
"""

__all__ = ["encoding", "golden", "openspiel", "pettingzoo"]
