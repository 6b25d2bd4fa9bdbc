export { ExpressionField, type ExpressionFieldProps } from './ExpressionField';
export { completeAt, expressionCompletions, AUTH_FUNCTIONS, type ExpressionCompletion } from './completions';
