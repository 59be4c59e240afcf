package surakarta

// usePath gives the core a path of its evaluator's when that is an
// IncrementalEvaluator, for this search alone, and none otherwise.
func (c *searchCore) usePath() {
	c.path = nil
	if ie, ok := c.eval.(IncrementalEvaluator); ok {
		c.path = ie.NewPath()
	}
}
