export { ExpressionField, type ExpressionFieldProps } from './ExpressionField';
export { completeAt, expressionCompletions, tokenizeSql, AUTH_FUNCTIONS, type ExpressionCompletion, type SqlToken } from './sql-tokens';
