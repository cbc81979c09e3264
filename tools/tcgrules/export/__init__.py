"""Exporters: one module per thing exported (clauses, terms …), each offering its formats."""
