"""With PettingZoo and Gymnasium importable, the environments are their
classes and use their spaces; without them, the stand-ins serve. Neither
can be installed from Debian, so small fakes stand in for them here, in a
fresh interpreter."""

import os
import subprocess
import sys
import textwrap

FAKES = {
    "pettingzoo/__init__.py": "class AECEnv:\n    pass\n",
    "gymnasium/__init__.py": textwrap.dedent(
        """\
        from . import spaces

        class Env:
            def reset(self, *, seed=None, options=None):
                self.reset_seed = seed

        registry = {}

        def register(id, entry_point, kwargs):
            registry[id] = (entry_point, kwargs)
        """
    ),
    "gymnasium/spaces.py": textwrap.dedent(
        """\
        class Space:
            def __init__(self, *arguments):
                self.arguments = arguments
            def seed(self, seed=None):
                return [seed]

        class Discrete(Space): pass
        class Box(Space): pass
        class Dict(Space): pass
        """
    ),
    "gymnasium/vector/__init__.py": textwrap.dedent(
        """\
        class VectorEnv:
            pass

        class AutoresetMode:
            NEXT_STEP = "next step"
        """
    ),
    "gymnasium/vector/utils.py": "def batch_space(space, n):\n    return ('batched', space, n)\n",
}

CHECK = textwrap.dedent(
    """\
    import gymnasium, pettingzoo, tiaoqi
    env = tiaoqi.env()
    assert tiaoqi.HAS_PETTINGZOO and isinstance(env, pettingzoo.AECEnv)
    assert isinstance(env.action_space("player_0"), gymnasium.spaces.Discrete)
    assert env.action_space("player_0").arguments == (14641,)
    single = tiaoqi.single_agent_env(opponents="random")
    assert isinstance(single, gymnasium.Env)
    assert isinstance(single.observation_space, gymnasium.spaces.Dict)
    single.reset(seed=3)
    assert single.reset_seed == 3
    vector = tiaoqi.vector_env(3)
    assert isinstance(vector, gymnasium.vector.VectorEnv)
    assert vector.metadata["autoreset_mode"] == "next step"
    assert vector.action_space == ("batched", vector.single_action_space, 3)
    assert gymnasium.registry == {
        "tiaoqi/ChineseCheckers-v0": ("tiaoqi.single_agent:SingleAgentEnv", {}),
        "tiaoqi/ChineseCheckersDragons-v0": ("tiaoqi.single_agent:SingleAgentEnv",
                                             {"players": 3, "variant": "dragons"})}
    print("fakes used")
    """
)


def test_the_real_classes_are_used_when_importable(tmp_path):
    for name, text in FAKES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join([str(tmp_path), environment["PYTHONPATH"]])
    done = subprocess.run(
        [sys.executable, "-c", CHECK], env=environment, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "fakes used\n"


def test_the_stand_ins_serve_without_them():
    import tiaoqi
    from tiaoqi import aec_base, spaces

    if tiaoqi.HAS_PETTINGZOO:
        return
    env = tiaoqi.env()
    assert isinstance(env, aec_base.AECBase)
    space = env.action_space("player_0")
    assert isinstance(space, spaces.Discrete) and space.n == 14641 and space.shape == ()
    assert space.seed(5) == [5] and space.contains(14640) and not space.contains(14641)
    mask = tiaoqi.Position().action_mask()
    assert mask[space.sample(mask)] == 1
    box = env.observation_space("player_0")["observation"]
    assert box.shape == (20, 17, 17) and box.dtype.name == "int8" and box.contains(box.sample())
    # np_random, the generator sample() draws from, as Gymnasium's spaces have.
    import numpy as np

    assert isinstance(space.np_random, np.random.Generator)
    space.seed(3)
    first = [space.sample() for _ in range(5)]
    space.seed(3)
    assert [space.sample() for _ in range(5)] == first
    assert isinstance(box.np_random, np.random.Generator)
    # The batched environment's spaces stack the single ones.
    vector = tiaoqi.vector_env(3)
    assert type(vector).__mro__[1] is object
    assert vector.action_space.shape == (3,) and vector.action_space.contains(
        np.array([0, 5, 14640])
    )
    assert not vector.action_space.contains(np.array([0, 5, 14641]))
    assert vector.observation_space["action_mask"].shape == (3, 14641)
