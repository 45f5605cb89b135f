"""The base of the multi-agent environment: PettingZoo's AECEnv when
PettingZoo is installed, else a stand-in that keeps the same contract.

The stand-in provides what PettingZoo's base class gives its environments:
``agent_iter()``, ``last()``, ``num_agents``, ``max_num_agents``,
``unwrapped``, and the helpers ``_was_dead_step()``, ``_deads_step_first()``,
``_clear_rewards()`` and ``_accumulate_rewards()`` with the same effects, so
that code written against PettingZoo runs unchanged on either.
"""

from __future__ import annotations

from typing import Any, Iterator

try:
    from pettingzoo import AECEnv as AECBase

    HAS_PETTINGZOO = True
except ImportError:
    HAS_PETTINGZOO = False

    class _AgentIterator:
        """Yields agent_selection until no agent is left or max_iter is spent."""

        def __init__(self, env: "AECBase", max_iter: int):
            self._env = env
            self._left = max_iter

        def __iter__(self) -> "_AgentIterator":
            return self

        def __next__(self) -> str:
            if not self._env.agents or self._left <= 0:
                raise StopIteration
            self._left -= 1
            return self._env.agent_selection

    class AECBase:  # type: ignore[no-redef]
        """PettingZoo's agent-environment cycle, without PettingZoo."""

        metadata: dict[str, Any] = {}
        possible_agents: list[str]
        agents: list[str]
        agent_selection: str
        rewards: dict[str, float]
        _cumulative_rewards: dict[str, float]
        terminations: dict[str, bool]
        truncations: dict[str, bool]
        infos: dict[str, dict[str, Any]]

        @property
        def num_agents(self) -> int:
            return len(self.agents)

        @property
        def max_num_agents(self) -> int:
            return len(self.possible_agents)

        @property
        def unwrapped(self) -> "AECBase":
            return self

        def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
            return _AgentIterator(self, max_iter)

        def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
            """Observation, cumulative reward, termination, truncation and info
            of the selected agent."""
            agent = self.agent_selection
            observation = self.observe(agent) if observe else None
            return (
                observation,
                self._cumulative_rewards[agent],
                self.terminations[agent],
                self.truncations[agent],
                self.infos[agent],
            )

        def observe(self, agent: str) -> Any:
            raise NotImplementedError

        def state(self) -> Any:
            raise NotImplementedError(f"{self} has no global state")

        def render(self) -> Any:
            raise NotImplementedError

        def close(self) -> None:
            pass

        def _dead_agents(self) -> list[str]:
            return [a for a in self.agents if self.terminations[a] or self.truncations[a]]

        def _deads_step_first(self) -> str:
            """Selects the first finished agent, remembering the one it replaces."""
            dead = self._dead_agents()
            if dead:
                self._skip_agent_selection = self.agent_selection
                self.agent_selection = dead[0]
            return self.agent_selection

        def _clear_rewards(self) -> None:
            for agent in self.rewards:
                self.rewards[agent] = 0

        def _accumulate_rewards(self) -> None:
            for agent, reward in self.rewards.items():
                self._cumulative_rewards[agent] += reward

        def _was_dead_step(self, action: Any) -> None:
            """The step of a finished agent: None is its only action. Removes
            the agent and selects the next finished one, or else the agent
            that was selected before the finished ones."""
            if action is not None:
                raise ValueError("when an agent is dead, the only valid action is None")
            agent = self.agent_selection
            if not (self.terminations[agent] or self.truncations[agent]):
                raise ValueError(f"{agent} is not finished and cannot be removed")
            for table in (
                self.terminations,
                self.truncations,
                self.rewards,
                self._cumulative_rewards,
                self.infos,
            ):
                del table[agent]
            self.agents.remove(agent)
            dead = self._dead_agents()
            if dead:
                if getattr(self, "_skip_agent_selection", None) is None:
                    self._skip_agent_selection = self.agent_selection
                self.agent_selection = dead[0]
            else:
                if getattr(self, "_skip_agent_selection", None) is not None:
                    self.agent_selection = self._skip_agent_selection
                self._skip_agent_selection = None
            self._clear_rewards()

        def __str__(self) -> str:
            return self.metadata.get("name", type(self).__name__)
