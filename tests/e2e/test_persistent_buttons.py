"""Every persistent button kind finds its cog, and the cog offers what the button asks."""

from __future__ import annotations

from bot.client import GurpsBot
from bot.views.combat_fatigue import CombatFatigueButton
from bot.views.defense import DefenseButton
from bot.views.explosion import BlastButton
from bot.views.gear import KeepGearButton
from bot.views.persistent import ButtonHandler, PersistentButton


async def test_each_button_kind_has_a_loaded_cog_that_may_press_and_press(bot: GurpsBot) -> None:
    kinds = set(PersistentButton.__subclasses__())
    assert kinds == {DefenseButton, BlastButton, CombatFatigueButton, KeepGearButton}
    for kind in kinds:
        cog = bot.get_cog(kind.handler_cog)
        assert cog is not None, kind.handler_cog
        assert isinstance(cog, ButtonHandler), kind.handler_cog
        prefixes = {k.prefix for k in kinds if k is not kind}
        assert kind.prefix not in prefixes
