"""The preference ranker: stated items → one learned score over CF, sequence, content and priors.

A user in chat names a few items they like (and maybe some they dislike). Each classic model
gives one view of what to recommend next; the ranker combines them with weights **learned on
held-out users of the same catalog** instead of hand-set ones:

==================  =============================================================
``cf_mean``         ItemCF: mean similarity to the liked items, minus to disliked ones (log scale)
``cf_max``          ItemCF: the largest similarity to any liked item (log scale)
``cf_conf``         ItemCF: the mean share of the people who had a liked item who also had
                    this one ("people who liked these also liked"), log scale
``cf_lift``         ItemCF: the mean asymmetric cosine to the liked items
                    (co-count / (n_liked^0.5 · n_item^0.3), ``ItemCF.lift``), log scale
``cf_liked``        ItemCF: ``cf_lift`` over the interactions people liked only (a good
                    rating): co-liking rather than co-watching (``ItemCF.lift_liked``)
``seq``             order-free SASRec (``sasrec-set``): log-softmax of the item given the set
``content_mean``    MiniLM: mean cosine to the liked items' texts
``content_max``     MiniLM: the largest cosine to a liked item
``pop``             log count of interactions before the request time
``pop_recent``      log count in the 12 months before the request time
``age``             log years since release (the catalog's year column), when it has one
``fresh``           log months since the item's first interaction
``text``            MiniLM: cosine of the item's text to what the user wrote (``Context.text``)
``chat_pop``        log count of the catalog's dialogues that name the item (either side), for
                    a turn of a conversation only (zero elsewhere)
``ctx_cf``          ItemCF: mean similarity to every item the conversation named, either side,
                    liked or not (``Context.mentioned``: what the talk is about), log scale;
                    a turn of a conversation only
``ctx_content_*``   MiniLM: mean / largest cosine to those items (same)
==================  =============================================================

Training (``fit``): for users with a validation item, a few items of their training history
(the ones they rated well, where ratings exist) play the stated items and the validation item
is the one to find, among hard negatives (every view's top 50) and random ones. The model is a
conditional logit — softmax over each query's candidates, L2-regularised, fitted with L-BFGS —
so it learns how much each view predicts *which* item a person picks. No leakage: ItemCF and
the popularity counts used for training see only what happened before the validation item
(ItemCF on the train split, counts up to the month before), SASRec never saw validation items,
and MiniLM reads only item texts. At request time the same views are computed with the full
models and "now" is the last month of the data.

**Conversations** (``fit(..., conversations=...)``): where the catalog comes with real
recommendation dialogues (ReDial for ``movielens-small``, the ``tune`` fold only), their turns
are queries too — what the user wrote, the items they liked, the item the human recommender
suggested — and teach a second set of weights (``w_conv``: ``conv_share`` of the loss on the
dialogues, the rest on the user queries), used when the request is a turn of a conversation
(``Context.conversational``). Person-to-person recommendation is not a next-item log: on ReDial it leans on what
was said and on recent, widely seen films, which user histories alone do not teach. For user
queries the "text" is the titles of the stated items, as a one-line request would name them.

Signals a catalog cannot give (no interactions → no CF, no timestamps → no recency, no year
column → no age) are constant zero and get zero weight. ``groups`` switches whole views off for
ablations (the ranker is then fitted without them).

The package, in the order a request meets it: :mod:`.common` (features, constants, views, the
popularity counts), :mod:`.columns` (a view's column on candidates), :mod:`.ranker` (features,
score, save and load), :mod:`.shortlist` (a large catalog's candidates worth scoring),
:mod:`.fit` (the weights) and :mod:`.queries` (what they are fitted on).
"""

from convrec.models.prefrank.columns import seq_columns, seq_log_softmax
from convrec.models.prefrank.common import (BLEND_FULL, BLEND_GRID, BLEND_QUERIES, CONVERSATION_ONLY, FEATURES, FTOL, GROUPS,
                                            LIKES_OFF, MAX_TEXT, MIN_PROBES, SHORTLIST_ABOVE, SHORTLIST_EACH, SHORTLIST_EXACT,
                                            VERSION, TimeCounts, Views)
from convrec.models.prefrank.queries import Query, interaction_counts, likes_queries, release_years, training_queries
from convrec.models.prefrank.ranker import PreferenceRanker

__all__ = ["BLEND_FULL", "BLEND_GRID", "BLEND_QUERIES", "CONVERSATION_ONLY", "FEATURES", "FTOL", "GROUPS", "LIKES_OFF",
           "MAX_TEXT", "MIN_PROBES", "SHORTLIST_ABOVE", "SHORTLIST_EACH", "SHORTLIST_EXACT", "VERSION", "PreferenceRanker",
           "Query", "TimeCounts", "Views", "interaction_counts", "likes_queries", "release_years", "seq_columns",
           "seq_log_softmax", "training_queries"]
