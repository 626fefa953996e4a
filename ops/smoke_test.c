int smoke_launch(float *p);
int main(void) { return 0; }
