"""Item linking lives in :mod:`convrec.catalog.linking` (understanding and tools both use it);
re-exported here for the tools that import it from this place."""

from convrec.catalog.linking import ItemLinker, Link, normalize_title

__all__ = ["ItemLinker", "Link", "normalize_title"]
