"""The turn as data (``Turn``), the Strategy protocol and its registry, sessions and the user profile, the reply and item shape every strategy shares, the refusal guard."""
