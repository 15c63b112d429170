import FoldCycle

// The names the README's and the DocC articles' snippets use without defining them: the reader's
// own code (see scripts/gen_doc_snippets.py). Compiled with the snippets, never called.

/// The reader's work in the "Embedding a ticker" article.
func doWork(_ step: Int) {}
