// The project sum is worked out the same way for a project's estimates list (here) and for the
// projects list (in main): one implementation, in src-shared.
export * from '../../../../src-shared/estimates/project-sums';
