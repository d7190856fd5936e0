"""A site's mkdocs.yml as the commands read it (they run without MkDocs), and the site core made from it."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import yaml

from ..options import EXTENSION, SiteOptions
from ..options import read as read_options
from ..render.environment import theme_dir
from ..site.core import EngineSettings, Site
from ..sources.counts import ConfigProblem
from ..sources.text_files import read_unicode


class _LenientLoader(yaml.SafeLoader):
    """mkdocs.yml may carry !ENV and !!python/name tags; their values do not matter here."""


def _any_tag(loader, suffix, node):
    if isinstance(node, yaml.SequenceNode) and suffix == "!ENV":
        values = loader.construct_sequence(node)
        return os.environ.get(str(values[0]), values[-1] if len(values) > 1 else None) if values else None
    if isinstance(node, yaml.ScalarNode):
        value = loader.construct_scalar(node)
        return os.environ.get(value) if suffix == "!ENV" else value
    return None


_LenientLoader.add_multi_constructor("!", _any_tag)
_LenientLoader.add_multi_constructor("tag:yaml.org,2002:python/", _any_tag)


def read_mkdocs_config(path: Path) -> dict:
    try:
        data = yaml.load(read_unicode(path), Loader=_LenientLoader)
    except FileNotFoundError:
        raise ConfigProblem(
            f"there is no {path.name} at '{path}'; run this in your site's folder or pass -f path/to/mkdocs.yml"
        ) from None
    except (OSError, ValueError) as error:
        raise ConfigProblem(f"{path} cannot be read: {error}") from None
    except yaml.YAMLError as error:
        raise ConfigProblem(f"{path} is not valid YAML: {str(error).splitlines()[0]}") from None
    if not isinstance(data, dict):
        raise ConfigProblem(f"{path} does not hold MkDocs settings (expected a mapping at the top)")
    return data


def _entries(value) -> list[tuple[str, object]]:
    """(name, options) of a list of names and one-key mappings, or of a mapping (MkDocs accepts both)."""
    if isinstance(value, dict):
        return list(value.items())
    found = []
    for item in value if isinstance(value, list) else []:
        if isinstance(item, str):
            found.append((item, None))
        elif isinstance(item, dict):
            found.extend(item.items())
    return found


def researcher_options(config: dict, config_name: str, warn: Callable[[str], None]) -> SiteOptions:
    """The site's options: those of the Markdown extension (the form every engine reads), else the plugin's."""
    for key, wanted in (("markdown_extensions", EXTENSION), ("plugins", "researcher")):
        for name, raw in _entries(config.get(key)):
            if name == wanted:
                return read_options(raw if isinstance(raw, dict) else {}, f"{config_name}: {key}: {name}", warn)
    return SiteOptions()


def site_of(config_path: Path, warn: Callable[[str], None], *, cache: bool = True) -> Site:
    """The site core configured from mkdocs.yml, as a build would configure it (without the theme's templates);
    ``cache=False`` leaves the build's cache folder alone."""
    config = read_mkdocs_config(config_path)
    options = researcher_options(config, config_path.name, warn)
    options.cache = options.cache and cache
    docs = (config_path.parent / str(config.get("docs_dir") or "docs")).resolve()
    site = Site(options, warn)
    site.configure(
        options,
        EngineSettings(
            config_path.resolve(),
            docs,
            [str(theme_dir())],
            site_url=config.get("site_url") if isinstance(config.get("site_url"), str) else None,
            site_name=str(config.get("site_name") or ""),
            use_directory_urls=config.get("use_directory_urls") is not False,
        ),
    )
    return site
