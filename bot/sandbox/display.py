"""Embeds, buttons and menus drawn as plain text for the terminal."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterable

from bot.standin.state import JSON, World

COMPONENT_TYPE_NAMES = {3: "choose", 5: "user", 6: "role", 7: "user or role", 8: "channel"}


def plain(text: str) -> str:
    """Discord markdown to terminal text: bold and inline code markers dropped."""
    return text.replace("**", "").replace("__", "").replace("`", "")


MENTION = re.compile(r"<(@!?|@&|#)(\d+)>")


def readable(text: str, world: World | None = None) -> str:
    """``plain`` plus mentions shown as ``@Alice``, ``@GM`` and ``#combat``."""
    if world is not None:

        def name(match: re.Match[str]) -> str:
            kind, ident = match.group(1), int(match.group(2))
            if kind == "#":
                with contextlib.suppress(KeyError):
                    return "#" + world.channel(ident)[1].name
            elif kind == "@&":
                for guild in world.guilds.values():
                    if ident in guild.roles:
                        return "@" + guild.roles[ident].name
            elif ident in world.users:
                return "@" + world.users[ident].display_name
            return match.group(0)

        text = MENTION.sub(name, text)
    return plain(text)


def render_embed(embed: JSON, world: World | None = None) -> list[str]:
    def show(text: str) -> str:
        return readable(text, world)

    lines: list[str] = []
    author = (embed.get("author") or {}).get("name")
    if author:
        lines.append(f"  {show(author)}")
    if embed.get("title"):
        lines.append(f"  ┃ {show(embed['title'])}")
    if embed.get("description"):
        lines.extend(f"  ┃ {line}" for line in show(embed["description"]).splitlines())
    for item in embed.get("fields") or []:
        value_lines = show(str(item.get("value", ""))).splitlines() or [""]
        lines.append(f"  ┃ {show(str(item.get('name', '')))}: {value_lines[0]}")
        lines.extend(f"  ┃     {line}" for line in value_lines[1:])
    footer = (embed.get("footer") or {}).get("text")
    if footer:
        lines.extend(f"  ┃ — {line}" for line in show(footer).splitlines())
    return lines


def render_component(item: JSON, number: int | None) -> str:
    kind = item.get("type")
    tag = f"{number} " if number is not None else ""
    if kind == 2:
        emoji = (item.get("emoji") or {}).get("name")
        label = " ".join(x for x in (emoji, item.get("label")) if x)
        if item.get("style") == 5:
            return f"[{tag}{label} ↗ {item.get('url')}]"
        return f"[{tag}{label}{' (disabled)' if item.get('disabled') else ''}]"
    placeholder = item.get("placeholder") or COMPONENT_TYPE_NAMES.get(int(kind or 0), "select")
    options = " | ".join(str(o.get("label")) for o in item.get("options") or [])
    listed = f": {options}" if options else ""
    return f"[{tag}▾ {placeholder}{listed}{' (disabled)' if item.get('disabled') else ''}]"


def render_layout(
    components: Iterable[JSON], numbered: Callable[[JSON], int], world: World | None = None
) -> list[str]:
    """Action rows on one line each; components-v2 text shown as text."""
    lines: list[str] = []
    for component in components:
        kind = component.get("type")
        if kind == 1:
            row = [render_component(c, numbered(c)) for c in component.get("components") or []]
            lines.append("  " + " ".join(row))
        elif kind == 10:
            lines.extend(
                f"  {line}" for line in readable(str(component.get("content")), world).splitlines()
            )
        elif kind == 14:
            lines.append("  ───")
        elif kind in (9, 17):
            lines.extend(render_layout(component.get("components") or [], numbered, world))
            if "accessory" in component:
                accessory = component["accessory"]
                if accessory.get("type") == 2:
                    lines.append("    " + render_component(accessory, numbered(accessory)))
        elif kind in (2, 3, 5, 6, 7, 8):
            lines.append("  " + render_component(component, numbered(component)))
    return lines
