/**
 * A step of the app's evaluation (client/main.tsx): MUI's styling engine (emotion, stylis, styled)
 * and the base components every screen uses, evaluated in a task of their own.
 */
export { default as ButtonBase } from '@mui/material/ButtonBase';
export { default as Typography } from '@mui/material/Typography';
