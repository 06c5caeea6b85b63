/**
 * A step of the app's evaluation (client/main.tsx): MUI's styling system (its default theme, made
 * when the module is evaluated, and `styled`), in a task of its own before the components.
 */
export { styled, useTheme } from '@mui/material/styles';
